/** Site-wide link lists and the active-link rule, kept free of React so they can be unit-tested. */
import { splitLocalePrefix } from "@/i18n/paths";
import { SOCIETY_HOME } from "@/lib/society/tabs";

export type NavKey = "home" | "loans" | "calculator" | "about" | "contact";

export const MAIN_NAV: readonly { key: NavKey; href: string }[] = [
  { key: "home", href: "/" },
  { key: "loans", href: "/loans" },
  { key: "calculator", href: "/calculator" },
  { key: "about", href: "/about" },
  { key: "contact", href: "/contact" },
];

export const APPLY_HREF = "/apply";
/**
 * Links from a public page into the signed-in areas are plain <a>, never next/link: a client-side navigation would
 * keep the public page's security policy (lib/security/headers.ts); a full load gets the signed-in one.
 */
export const ADMIN_LOGIN_HREF = "/admin/login";
export const STATUS_HREF = "/status";
/** The borrower's own page: sign-in, applications, loans. */
export const ACCOUNT_HREF = "/account";
export const ELIGIBILITY_HREF = "/eligibility";
export const CALCULATOR_HREF = "/calculator";
export const SOCIETY_MANAGER_HREF = SOCIETY_HOME;
/** How a borrower keeps her page (/account) on the phone's home screen. */
export const INSTALL_HREF = "/install";

export type FooterLinkKey = "status" | "loans" | "calculator" | "about" | "contact" | "privacy" | "terms" | "compliance";

export const FOOTER_QUICK_LINKS: readonly { key: FooterLinkKey; href: string }[] = [
  { key: "status", href: STATUS_HREF },
  { key: "loans", href: "/loans" },
  { key: "calculator", href: "/calculator" },
  { key: "about", href: "/about" },
  { key: "contact", href: "/contact" },
];

export const FOOTER_LEGAL_LINKS: readonly { key: FooterLinkKey; href: string }[] = [
  { key: "privacy", href: "/privacy" },
  { key: "terms", href: "/terms" },
  { key: "compliance", href: "/compliance" },
];

/**
 * Whether a header link is the current page. Home matches only "/" exactly (every path starts
 * with "/"); other links match their own path and anything below it, segment by segment, so
 * /loans/instant highlights Loans but /loansharks does not.
 */
export function isActivePath(browserPath: string, link: string): boolean {
  // Compared without the language prefix: /en/loans is the loans page, /en the home page.
  const pathname = splitLocalePrefix(browserPath).rest;
  const href = splitLocalePrefix(link).rest;
  if (href === "/") return pathname === "/";
  const base = href.endsWith("/") ? href.slice(0, -1) : href;
  return pathname === base || pathname.startsWith(`${base}/`);
}
