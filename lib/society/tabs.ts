/** The society tool's home: the signed-in person's societies, or the explanation and sign-in. */
export const SOCIETY_HOME = "/society-manager";

/** The society screen's six tabs (spec section 2), in order; the active one is the URL's ?tab=. Pure. */
export const SOCIETY_TABS = ["dashboard", "workers", "members", "collection", "reports", "settings"] as const;
export type SocietyTab = (typeof SOCIETY_TABS)[number];

export function parseSocietyTab(value: unknown): SocietyTab {
  const v = Array.isArray(value) ? value[0] : value;
  return (SOCIETY_TABS as readonly unknown[]).includes(v) ? (v as SocietyTab) : "dashboard";
}

/** A society's screen, on a tab when given. */
export function societyHref(societyId: string, tab?: SocietyTab): string {
  return `${SOCIETY_HOME}/${societyId}${tab ? `?tab=${tab}` : ""}`;
}
