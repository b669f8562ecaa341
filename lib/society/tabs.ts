/** The society tool's home: the signed-in person's societies, or the explanation and sign-in. */
export const SOCIETY_HOME = "/society-manager";

/** The field app's install and use guide: one page for every society (app/[locale]/society-manager/field-guide). */
export const FIELD_GUIDE_PATH = `${SOCIETY_HOME}/field-guide`;

/** The society screen's tabs (spec section 2, and the books of issue 28), in order; the active one is the URL's ?tab=. Pure. */
export const SOCIETY_TABS = ["dashboard", "workers", "members", "collection", "books", "reports", "settings"] as const;
export type SocietyTab = (typeof SOCIETY_TABS)[number];

export function parseSocietyTab(value: unknown): SocietyTab {
  const v = Array.isArray(value) ? value[0] : value;
  return (SOCIETY_TABS as readonly unknown[]).includes(v) ? (v as SocietyTab) : "dashboard";
}

/** A society's screen, on a tab when given. */
export function societyHref(societyId: string, tab?: SocietyTab): string {
  return `${SOCIETY_HOME}/${societyId}${tab ? `?tab=${tab}` : ""}`;
}

/** The society's download URLs (PDF route handlers and the JSON backup). */
export const societyDownloads = {
  memberProfile: (societyId: string, memberId: string) => `${SOCIETY_HOME}/${societyId}/members/${memberId}/profile.pdf`,
  memberPassbook: (societyId: string, memberId: string) => `${SOCIETY_HOME}/${societyId}/members/${memberId}/passbook.pdf`,
  memberCalendar: (societyId: string, memberId: string, month?: string) =>
    `${SOCIETY_HOME}/${societyId}/members/${memberId}/calendar.pdf${month ? `?month=${month}` : ""}`,
  databaseReport: (societyId: string, range?: { from: string; to: string }) =>
    `${SOCIETY_HOME}/${societyId}/report.pdf${range ? `?from=${range.from}&to=${range.to}` : ""}`,
  books: (societyId: string, range: { from: string; to: string }, account?: string) =>
    `${SOCIETY_HOME}/${societyId}/books.pdf?from=${range.from}&to=${range.to}${account ? `&account=${account}` : ""}`,
  backup: (societyId: string) => `${SOCIETY_HOME}/${societyId}/backup`,
  compressedBackup: (societyId: string) => `${SOCIETY_HOME}/${societyId}/backup?compressed=1`,
};
