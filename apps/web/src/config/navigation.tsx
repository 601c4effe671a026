/**
 * The navigation by role (DESIGN.md §5, §10): what each kind of reader finds in the bottom tabs (mobile) and
 * in the menu (the slide-over on mobile, the sidebar on desktop). It is data: the shell draws whatever
 * `navigationFor(user)` returns and holds no role conditions of its own. A person is a shopper; owning a
 * business makes them an owner, and working at one (issue 28 §4) a manager or a cashier, whose app is the till.
 * Every spec route still answers by URL whether or not it is listed here.
 *
 * To add an entry for a role, add it to NAV_ITEMS and to that role's group (and tabs) below. Being an
 * admin (issue 14) is not a role of its own: an admin is also a shopper or an owner, so `navigationFor` adds the
 * Console group to whichever navigation the person has.
 */
import {
  BarChart3,
  ChartLine,
  ClipboardCheck,
  DoorOpen,
  Heart,
  House,
  LayoutDashboard,
  LayoutGrid,
  MapPin,
  CirclePlus,
  Receipt,
  ScanLine,
  ShieldCheck,
  Stamp,
  Users,
  Search,
  Store,
  Tag,
  Ticket,
  User as UserIcon,
  type LucideIcon,
} from 'lucide-react';
import type { User } from '@qrib/shared/auth-schemas';
import type { Catalog } from '@qrib/shared/i18n/catalogs';
import { paths } from './paths.ts';

type NavKey = Exclude<
  keyof Catalog['nav'],
  'main' | 'openMenu' | 'closeMenu' | 'collapseSidebar' | 'expandSidebar' | 'bottomTabs' | 'logout' | 'loggingOut' | 'signedInAs'
>;
/** A catalog key naming an entry: one of the nav labels, or words the app already has elsewhere. */
export type NavLabelKey = `nav.${NavKey}` | 'offerForm.title' | 'codes.title';

export interface NavItem {
  id: string;
  labelKey: NavLabelKey;
  icon: LucideIcon;
  path: string;
}

/** Every entry any role may see, once. */
export const NAV_ITEMS = {
  home: { id: 'home', labelKey: 'nav.home', icon: House, path: paths.home },
  dashboard: { id: 'dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard, path: paths.home },
  myOffers: { id: 'my-offers', labelKey: 'nav.myOffers', icon: Tag, path: paths.offersList },
  createOffer: { id: 'create-offer', labelKey: 'offerForm.title', icon: CirclePlus, path: paths.addOffer },
  insights: { id: 'insights', labelKey: 'nav.insights', icon: ChartLine, path: paths.insights },
  businessInsights: { id: 'business-insights', labelKey: 'nav.businessInsights', icon: BarChart3, path: paths.businessInsights },
  receiptReview: { id: 'receipt-review', labelKey: 'nav.receiptReview', icon: ClipboardCheck, path: paths.receiptReview },
  redeem: { id: 'redeem', labelKey: 'nav.redeem', icon: ScanLine, path: paths.redeem },
  shopProfile: { id: 'shop-profile', labelKey: 'nav.shopProfile', icon: Store, path: paths.shopProfile },
  staff: { id: 'staff', labelKey: 'nav.staff', icon: Users, path: paths.staff },
  stampCardSettings: { id: 'stamp-card', labelKey: 'nav.stampCard', icon: Stamp, path: paths.stampCardSettings },
  stampCards: { id: 'stamp-cards', labelKey: 'nav.stampCards', icon: Stamp, path: paths.stampCards },
  nearby: { id: 'nearby', labelKey: 'nav.nearbyOffers', icon: MapPin, path: paths.nearbyOffers },
  search: { id: 'search', labelKey: 'nav.search', icon: Search, path: paths.searchOffers },
  localOffers: { id: 'local-offers', labelKey: 'nav.localOffers', icon: LayoutGrid, path: paths.localOffers },
  saved: { id: 'saved', labelKey: 'nav.saved', icon: Heart, path: paths.saved },
  receipts: { id: 'receipts', labelKey: 'nav.receipts', icon: Receipt, path: paths.receiptUpload },
  codes: { id: 'codes', labelKey: 'codes.title', icon: Ticket, path: paths.codes },
  shopEntry: { id: 'shop-entry', labelKey: 'nav.shopEntry', icon: DoorOpen, path: paths.shopEntry },
  profile: { id: 'profile', labelKey: 'nav.profile', icon: UserIcon, path: paths.profile },
  listBusiness: { id: 'list-business', labelKey: 'nav.listBusiness', icon: Store, path: paths.vendorRegistration },
  console: { id: 'console', labelKey: 'nav.console', icon: ShieldCheck, path: paths.admin },
} as const satisfies Record<string, NavItem>;

/** Issue 28 §4: a business's people have the navigation of their role there (packages/shared ROLE_PERMISSIONS). */
export type NavRole = 'shopper' | 'owner' | 'manager' | 'cashier';

/** A run of menu entries, under a heading when the menu has more than one kind. */
export interface NavGroup {
  id: string;
  titleKey?: `nav.${NavKey}`;
  items: NavItem[];
}

export interface RoleNavigation {
  role: NavRole;
  /** Where this role's home is: the target of Back when there is no history to go back to. */
  home: string;
  /** The mobile bottom bar, in order. */
  tabs: NavItem[];
  /** The menu (slide-over and sidebar), in order. */
  menu: NavGroup[];
}

const I = NAV_ITEMS;
const shopping: NavItem[] = [I.search, I.localOffers, I.saved, I.receipts, I.stampCards, I.shopEntry];
const business: NavItem[] = [I.dashboard, I.redeem, I.myOffers, I.createOffer, I.insights, I.businessInsights, I.receiptReview, I.shopProfile, I.stampCardSettings];

export const ROLE_NAVIGATION: Record<NavRole, RoleNavigation> = {
  shopper: {
    role: 'shopper',
    home: paths.home,
    tabs: [I.home, I.search, I.saved, I.receipts, I.profile],
    menu: [
      { id: 'shopping', items: [I.home, ...shopping, I.codes, I.profile] },
      { id: 'business', items: [I.listBusiness] },
    ],
  },
  owner: {
    role: 'owner',
    home: paths.home,
    // Redeem in the bar (issue 27): the till is where an owner's phone is used most.
    tabs: [I.dashboard, I.redeem, I.myOffers, I.insights, I.profile],
    menu: [
      { id: 'business', titleKey: 'nav.sectionBusiness', items: [...business, I.staff] },
      { id: 'shopping', titleKey: 'nav.sectionShopping', items: [I.nearby, ...shopping] },
      { id: 'account', items: [I.profile] },
    ],
  },
  // The owner's app without Staff (a manager may do all but manage staff and close the business).
  manager: {
    role: 'manager',
    home: paths.home,
    tabs: [I.dashboard, I.redeem, I.myOffers, I.insights, I.profile],
    menu: [
      { id: 'business', titleKey: 'nav.sectionBusiness', items: business },
      { id: 'shopping', titleKey: 'nav.sectionShopping', items: [I.nearby, ...shopping] },
      { id: 'account', items: [I.profile] },
    ],
  },
  // A cashier's app is the till: the bottom bar Redeem and Profile; `/` opens the till.
  cashier: {
    role: 'cashier',
    home: paths.redeem,
    tabs: [I.redeem, I.profile],
    menu: [
      { id: 'business', titleKey: 'nav.sectionBusiness', items: [I.redeem] },
      { id: 'account', items: [I.profile] },
    ],
  },
};

/** The role the navigation follows: a person's role at their business (owner, manager, cashier), else a shopper. */
export function navRoleOf(user: Pick<User, 'vendor'> | null | undefined): NavRole {
  switch (user?.vendor?.role) {
    case 'OWNER':
      return 'owner';
    case 'MANAGER':
      return 'manager';
    case 'CASHIER':
      return 'cashier';
    default:
      return 'shopper';
  }
}

/** The platform's console, added to the menu of an admin (of either role); nobody else sees it. */
export const ADMIN_GROUP: NavGroup = { id: 'admin', titleKey: 'nav.sectionAdmin', items: [I.console] };
const withConsole = Object.fromEntries(
  Object.entries(ROLE_NAVIGATION).map(([role, navigation]) => [role, { ...navigation, menu: [...navigation.menu, ADMIN_GROUP] }]),
) as Record<NavRole, RoleNavigation>;

export function navigationFor(user: (Pick<User, 'vendor'> & Partial<Pick<User, 'isAdmin'>>) | null | undefined): RoleNavigation {
  const role = navRoleOf(user);
  return user?.isAdmin === true ? withConsole[role] : ROLE_NAVIGATION[role];
}
