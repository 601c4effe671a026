import { describe, expect, it } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { LANGUAGES } from '@qrib/shared/languages';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@qrib/shared/staff-permissions';
import { ADMIN_GROUP, NAV_ITEMS, navigationFor, navRoleOf, ROLE_NAVIGATION } from './navigation.tsx';
import { paths } from './paths.ts';

const vendor = { vendorId: 3, businessName: 'Crystal Palace Bar', role: 'OWNER' as const, permissions: [...PERMISSIONS] };
const ids = (items: { id: string }[]) => items.map((item) => item.id);
const ROLES = ['shopper', 'owner', 'manager', 'cashier'] as const;
const menuIds = (role: (typeof ROLES)[number]) => ROLE_NAVIGATION[role].menu.flatMap((group) => ids(group.items));

describe('navigation by role', () => {
  it('makes a person with a business an owner and everyone else a shopper', () => {
    expect(navRoleOf(null)).toBe('shopper');
    expect(navRoleOf(undefined)).toBe('shopper');
    expect(navRoleOf({ vendor: null })).toBe('shopper');
    expect(navRoleOf({ vendor })).toBe('owner');
    expect(navigationFor({ vendor })).toBe(ROLE_NAVIGATION.owner);
    expect(navigationFor({ vendor: null })).toBe(ROLE_NAVIGATION.shopper);
  });

  it('gives shoppers Home, Search, Saved, Receipts and Profile tabs, and owners Dashboard, Redeem, My offers, Insights and Profile', () => {
    expect(ROLE_NAVIGATION.shopper.tabs.map((tab) => [tab.labelKey, tab.path])).toEqual([
      ['nav.home', paths.home],
      ['nav.search', paths.searchOffers],
      ['nav.saved', paths.saved],
      ['nav.receipts', paths.receiptUpload],
      ['nav.profile', paths.profile],
    ]);
    expect(ROLE_NAVIGATION.owner.tabs.map((tab) => [tab.labelKey, tab.path])).toEqual([
      ['nav.dashboard', paths.home],
      ['nav.redeem', paths.redeem],
      ['nav.myOffers', paths.offersList],
      ['nav.insights', paths.insights],
      ['nav.profile', paths.profile],
    ]);
  });

  it("keeps the owner's screens out of a shopper's menu, which offers to list a business instead", () => {
    const shopper = menuIds('shopper');
    for (const ownerOnly of [NAV_ITEMS.dashboard, NAV_ITEMS.myOffers, NAV_ITEMS.createOffer, NAV_ITEMS.insights, NAV_ITEMS.businessInsights, NAV_ITEMS.receiptReview, NAV_ITEMS.redeem]) {
      expect(shopper).not.toContain(ownerOnly.id);
    }
    expect(shopper).toContain(NAV_ITEMS.listBusiness.id);
    expect(shopper.at(-1)).toBe(NAV_ITEMS.listBusiness.id);
  });

  it("gives owners their business first (with Receipt review and Create offer), then shopping, and no 'List your business'", () => {
    const [business, shopping] = ROLE_NAVIGATION.owner.menu;
    expect(business?.titleKey).toBe('nav.sectionBusiness');
    expect(ids(business?.items ?? [])).toEqual(expect.arrayContaining([NAV_ITEMS.receiptReview.id, NAV_ITEMS.createOffer.id, NAV_ITEMS.myOffers.id, NAV_ITEMS.redeem.id]));
    expect(shopping?.titleKey).toBe('nav.sectionShopping');
    expect(menuIds('owner')).not.toContain(NAV_ITEMS.listBusiness.id);
  });

  it('lists every tab in the menu too (the desktop sidebar has no tabs) and no entry twice', () => {
    for (const role of ROLES) {
      const menu = menuIds(role);
      expect(new Set(menu).size).toBe(menu.length);
      // The shopper's Home and the owner's Dashboard are both '/', so paths are compared.
      const menuPaths = ROLE_NAVIGATION[role].menu.flatMap((group) => group.items.map((item) => item.path));
      for (const tab of ROLE_NAVIGATION[role].tabs) expect(menuPaths).toContain(tab.path);
    }
  });

  it("gives an admin the Console entry to /admin on top of their shopper's or owner's menu, and nobody else", () => {
    const consoleIds = (user: Parameters<typeof navigationFor>[0]) => navigationFor(user).menu.flatMap((group) => ids(group.items)).filter((id) => id === NAV_ITEMS.console.id);
    expect(NAV_ITEMS.console.path).toBe(paths.admin);
    expect(consoleIds({ vendor: null, isAdmin: true })).toEqual(['console']);
    expect(consoleIds({ vendor, isAdmin: true })).toEqual(['console']);
    expect(consoleIds({ vendor: null, isAdmin: false })).toEqual([]);
    expect(consoleIds({ vendor, isAdmin: false })).toEqual([]);
    expect(consoleIds(null)).toEqual([]);
    // The admin keeps everything of their own role, and the same tabs.
    const adminOwner = navigationFor({ vendor, isAdmin: true });
    expect(adminOwner.menu.slice(0, -1)).toEqual(ROLE_NAVIGATION.owner.menu);
    expect(adminOwner.tabs).toBe(ROLE_NAVIGATION.owner.tabs);
    expect(navigationFor({ vendor: null, isAdmin: true }).menu.at(-1)).toBe(ADMIN_GROUP);
  });

  it('draws a business member by their role there (issue 28 §4): the owner has Staff, a manager the rest, a cashier the till', () => {
    const manager = { ...vendor, role: 'MANAGER' as const, permissions: ROLE_PERMISSIONS.MANAGER.slice() };
    const cashier = { ...vendor, role: 'CASHIER' as const, permissions: ROLE_PERMISSIONS.CASHIER.slice() };
    expect(navRoleOf({ vendor: manager })).toBe('manager');
    expect(navRoleOf({ vendor: cashier })).toBe('cashier');
    expect(menuIds('owner')).toContain(NAV_ITEMS.staff.id);
    expect(menuIds('manager')).not.toContain(NAV_ITEMS.staff.id);
    // A manager has the owner's app but Staff.
    expect(menuIds('manager')).toEqual(menuIds('owner').filter((id) => id !== NAV_ITEMS.staff.id));
    expect(ROLE_NAVIGATION.manager.tabs).toEqual(ROLE_NAVIGATION.owner.tabs);
    // A cashier's app is the till: the bottom bar Redeem and Profile, home the till, and no other business screen.
    expect(ROLE_NAVIGATION.cashier.tabs.map((tab) => tab.path)).toEqual([paths.redeem, paths.profile]);
    expect(ROLE_NAVIGATION.cashier.home).toBe(paths.redeem);
    for (const hidden of [NAV_ITEMS.dashboard, NAV_ITEMS.myOffers, NAV_ITEMS.createOffer, NAV_ITEMS.insights, NAV_ITEMS.receiptReview, NAV_ITEMS.shopProfile, NAV_ITEMS.staff]) {
      expect(menuIds('cashier')).not.toContain(hidden.id);
    }
    // Every business entry a role sees is one its permissions open (the screens check the same map).
    const needs: Record<string, string> = {
      [NAV_ITEMS.redeem.id]: 'redeem',
      [NAV_ITEMS.myOffers.id]: 'offers.manage',
      [NAV_ITEMS.createOffer.id]: 'offers.manage',
      [NAV_ITEMS.insights.id]: 'insights.view',
      [NAV_ITEMS.businessInsights.id]: 'insights.view',
      [NAV_ITEMS.receiptReview.id]: 'receipts.review',
      [NAV_ITEMS.shopProfile.id]: 'shop.edit',
      [NAV_ITEMS.staff.id]: 'staff.manage',
    };
    for (const [role, staffRole] of [['owner', 'OWNER'], ['manager', 'MANAGER'], ['cashier', 'CASHIER']] as const) {
      for (const id of menuIds(role)) {
        const permission = needs[id];
        if (permission) expect(ROLE_PERMISSIONS[staffRole], `${role} ${id}`).toContain(permission);
      }
    }
  });

  it('has words for every entry and heading in every language', () => {
    const keys = new Set<string>();
    for (const group of [ADMIN_GROUP]) {
      if (group.titleKey) keys.add(group.titleKey);
      for (const item of group.items) keys.add(item.labelKey);
    }
    for (const role of ROLES) {
      for (const group of ROLE_NAVIGATION[role].menu) {
        if (group.titleKey) keys.add(group.titleKey);
        for (const item of group.items) keys.add(item.labelKey);
      }
    }
    for (const { code } of LANGUAGES) {
      for (const key of keys) {
        const [section, name] = key.split('.') as [keyof (typeof catalogs)['en'], string];
        const words = (catalogs[code][section] as Record<string, unknown>)[name];
        expect(typeof words === 'string' && words.length > 0, `${code} ${key}`).toBe(true);
      }
    }
  });
});
