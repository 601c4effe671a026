/** The navigation entries of spec §2.2 and the four mobile tabs of §2.3. */
import {
  BarChart3,
  ChartLine,
  ClipboardCheck,
  DoorOpen,
  Heart,
  LayoutDashboard,
  LayoutGrid,
  MapPin,
  Receipt,
  Search,
  Store,
  Tag,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { Catalog } from '@qrib/shared';
import { paths } from './paths.ts';

export type NavLabelKey = Exclude<keyof Catalog['nav'], 'main' | 'openMenu' | 'closeMenu' | 'collapseSidebar' | 'expandSidebar' | 'bottomTabs' | 'logout' | 'loggingOut' | 'signedInAs'>;

export interface NavItem {
  id: string;
  labelKey: NavLabelKey;
  icon: LucideIcon;
  path: string;
  /** Shown only to accounts with a registered business. */
  ownerOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { id: 'dashboard', labelKey: 'dashboard', icon: LayoutDashboard, path: paths.home },
  { id: 'profile', labelKey: 'profile', icon: User, path: paths.profile },
  { id: 'insights', labelKey: 'insights', icon: ChartLine, path: paths.insights },
  { id: 'offers', labelKey: 'offers', icon: Tag, path: paths.addOffer },
  { id: 'ven-reg', labelKey: 'vendorRegistration', icon: Store, path: paths.vendorRegistration },
  { id: 'nearby', labelKey: 'nearbyOffers', icon: MapPin, path: paths.nearbyOffers },
  { id: 'shop-entry', labelKey: 'shopEntry', icon: DoorOpen, path: paths.shopEntry },
  { id: 'receipt-upload', labelKey: 'receiptUpload', icon: Receipt, path: paths.receiptUpload },
  { id: 'search', labelKey: 'searchOffers', icon: Search, path: paths.searchOffers },
  { id: 'local-offers', labelKey: 'localOffers', icon: LayoutGrid, path: paths.localOffers },
  { id: 'business-insights', labelKey: 'businessInsights', icon: BarChart3, path: paths.businessInsights },
  { id: 'saved', labelKey: 'saved', icon: Heart, path: paths.saved },
  { id: 'receipt-review', labelKey: 'receiptReview', icon: ClipboardCheck, path: paths.receiptReview, ownerOnly: true },
];

const TAB_IDS = ['dashboard', 'insights', 'offers', 'profile'];
export const BOTTOM_TABS: NavItem[] = TAB_IDS.map((id) => {
  const item = NAV_ITEMS.find((entry) => entry.id === id);
  if (!item) throw new Error(`No navigation item ${id}`);
  return item;
});
