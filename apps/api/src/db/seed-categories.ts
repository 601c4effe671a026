/** The categories every database has (seeded at start-up), and the demo illustrations draw. */
export const SEED_CATEGORIES = [
  { name: 'Food & Dining', description: 'Restaurants, cafés, bakeries and takeaways' },
  { name: 'Retail Shopping', description: 'Clothes, gifts, books and everyday shopping' },
  { name: 'Local Services', description: 'Repairs, cleaning, hair, beauty and more' },
  { name: 'Events & Fun', description: 'Tours, boat trips, festas and things to do' },
  { name: 'Groceries', description: 'Grocers, butchers, fishmongers and corner shops' },
  { name: 'Health & Wellness', description: 'Pharmacies, gyms, spas and clinics' },
] as const;
