/**
 * Every back-office page and route handler with the permission it requires: the sidebar is built
 * from it (only real pages appear) and the authorization matrix test walks it, and fails when a
 * page.tsx or route.ts under app/admin is missing here. Pure: safe in client code.
 */
import type { Permission } from "./permissions";

export type AdminNavKey = "dashboard" | "applicationReview" | "loans" | "repayments" | "userProfiles" | "kyc" | "users" | "products" | "blacklist" | "messages" | "calendar" | "offices" | "societies" | "transfers" | "accounting";

export type AdminPage = { href: string; permission: Permission; nav?: AdminNavKey };

export const ADMIN_PAGES: readonly AdminPage[] = [
  { href: "/admin/dashboard", permission: "dashboard.read", nav: "dashboard" },
  { href: "/admin/application-review", permission: "applications.read", nav: "applicationReview" },
  { href: "/admin/loans", permission: "loans.read", nav: "loans" },
  { href: "/admin/repayments", permission: "payments.read", nav: "repayments" },
  { href: "/admin/user-profiles", permission: "customers.read", nav: "userProfiles" },
  { href: "/admin/transfers", permission: "customers.transfer", nav: "transfers" },
  { href: "/admin/accounting", permission: "accounting.read", nav: "accounting" },
  { href: "/admin/members", permission: "customers.read" },
  { href: "/admin/kyc", permission: "kyc.read", nav: "kyc" },
  { href: "/admin/users", permission: "staff.manage", nav: "users" },
  { href: "/admin/settings/products", permission: "settings.products", nav: "products" },
  { href: "/admin/settings/blacklist", permission: "settings.blacklist", nav: "blacklist" },
  { href: "/admin/settings/messages", permission: "settings.messages", nav: "messages" },
  { href: "/admin/settings/calendar", permission: "settings.calendar", nav: "calendar" },
  { href: "/admin/settings/offices", permission: "settings.offices", nav: "offices" },
  { href: "/admin/societies", permission: "societies.manage", nav: "societies" },
  { href: "/admin/search", permission: "dashboard.read" },
  { href: "/admin/profile", permission: "profile.manage" },
];

/** Route handlers: `sample` is the URL the matrix test requests ({applicationWithImage} is filled from the demo data). */
export type AdminRouteHandler = { pattern: string; sample: string; permission: Permission };

export const ADMIN_ROUTE_HANDLERS: readonly AdminRouteHandler[] = [
  { pattern: "/admin/api/applications/export", sample: "/admin/api/applications/export?status=pending", permission: "applications.read" },
  {
    pattern: "/admin/api/applications/[applicationId]/nid-image",
    // The matrix test fills in a demo application that has a card photo.
    sample: "/admin/api/applications/{applicationWithImage}/nid-image",
    permission: "applications.read",
  },
  { pattern: "/admin/api/dashboard/version", sample: "/admin/api/dashboard/version", permission: "dashboard.read" },
  { pattern: "/admin/api/dashboard/export", sample: "/admin/api/dashboard/export?period=30d", permission: "dashboard.read" },
  { pattern: "/admin/api/customers/export", sample: "/admin/api/customers/export?status=active", permission: "customers.read" },
  { pattern: "/admin/api/kyc/export", sample: "/admin/api/kyc/export?tab=pending", permission: "kyc.read" },
  {
    pattern: "/admin/api/kyc/documents/[documentId]/image",
    // The matrix test fills in a demo KYC document.
    sample: "/admin/api/kyc/documents/{kycDocument}/image",
    permission: "kyc.read",
  },
  { pattern: "/admin/api/blacklist/export", sample: "/admin/api/blacklist/export", permission: "settings.blacklist" },
  // The matrix test fills in a demo payment and a demo disbursed loan.
  { pattern: "/admin/api/payments/[paymentNumber]/receipt.pdf", sample: "/admin/api/payments/{payment}/receipt.pdf", permission: "payments.read" },
  { pattern: "/admin/api/loans/[loanNumber]/schedule.pdf", sample: "/admin/api/loans/{disbursedLoan}/schedule.pdf", permission: "loans.read" },
];
