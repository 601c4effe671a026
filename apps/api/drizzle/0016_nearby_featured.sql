-- Cards say whether the shop featured the offer (issue 14: a featured offer is lifted first and labelled 'Featured'
-- wherever it is lifted). The type's attributes stay nearbyOfferSchema's keys in its order (migration 0011).
ALTER TYPE nearby_offer_json ADD ATTRIBUTE "featuredOffer" boolean;
