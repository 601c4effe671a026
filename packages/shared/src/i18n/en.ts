/**
 * The English catalog: the source every other language translates. Spec strings come from MESSAGES so
 * they exist once; `messages` has exactly the keys of MESSAGES so server messages can be translated too.
 */
import { MESSAGES } from '../messages.ts';

export const en = {
  brand: { name: 'Qrib', tagline: 'Offers near you' },
  common: {
    loading: 'Loading...',
    comingSoonTitle: 'Coming soon',
    comingSoonBody: '{{screen}} is being built. It will appear here in a coming release.',
    backToHome: 'Back to the dashboard',
    skipToContent: 'Skip to content',
  },
  nav: {
    main: 'Main navigation',
    dashboard: 'Dashboard',
    profile: 'Profile',
    insights: 'Insights',
    offers: 'Offers',
    vendorRegistration: 'Vendor Registration',
    nearbyOffers: 'Nearby offers',
    shopEntry: 'Shop entry confirmation',
    receiptUpload: 'Receipt upload',
    searchOffers: 'Search offer',
    localOffers: 'Local offer',
    businessInsights: 'Business Insights',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    collapseSidebar: 'Collapse sidebar',
    expandSidebar: 'Expand sidebar',
    bottomTabs: 'Quick navigation',
    logout: 'Log out',
    loggingOut: 'Logging out...',
    signedInAs: 'Signed in as {{name}}',
  },
  language: { label: 'Language' },
  auth: {
    loginTitle: 'Welcome back',
    loginSubtitle: 'Log in to find offers near you',
    signupTitle: 'Create your account',
    signupSubtitle: 'Join Qrib to save on offers from local shops',
    username: 'Username',
    password: 'Password',
    name: 'Full name',
    email: 'Email address',
    phone: 'Phone',
    confirmPassword: 'Confirm password',
    loginButton: 'Login',
    loggingIn: 'Logging in...',
    signupButton: 'Sign Up',
    signingUp: 'Signing up...',
    oauthButton: 'Login with OAuth',
    or: 'or',
    noAccount: "Don't have an account?",
    signupLink: 'Sign up',
    haveAccount: 'Already have an account?',
    loginLink: 'Log in',
  },
  dashboard: {
    welcome: 'Welcome, {{name}}',
  },
  notFound: { code: '404', title: 'Page Not Found', home: 'Go to Home' },
  errorPage: {
    title: 'Unexpected Application Error!',
    status: 'Status: {{status}}',
    retry: 'Reload the page',
  },
  messages: MESSAGES,
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** Every catalog has exactly the English catalog's keys; the type checker enforces it. */
export type Catalog = Widen<typeof en>;
