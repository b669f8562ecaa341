/**
 * The one permission table of the back office (in the style of dub's rbac/permissions.ts): every
 * permission and the roles that hold it. Pages, layouts, route handlers and server actions all ask
 * `hasPermission` through lib/auth/guard.ts and lib/auth/action-client.ts; nothing else decides access.
 * The reasoning per row is in docs/decisions/0063-roles-and-permissions.md (the branch and area managers: 0256). Pure:
 * safe in client code.
 */
import type { SocietyRole, StaffRole } from "@/lib/generated/prisma/enums";

/** Roles that may enter the back office at all (society managers only run their societies). */
export const BACK_OFFICE_ROLES = [
  "super_admin",
  "admin",
  "loan_officer",
  "kyc_officer",
  "collection_agent",
  "account_manager",
  "branch_manager",
  "area_manager",
] as const satisfies readonly StaffRole[];

export const ROLES = [...BACK_OFFICE_ROLES, "society_manager"] as const satisfies readonly StaffRole[];

const ALL_BACK_OFFICE = BACK_OFFICE_ROLES;

export const PERMISSIONS = {
  /** Dashboard KPIs, alerts, the notification bell and the panel's search. */
  "dashboard.read": ALL_BACK_OFFICE,
  /** One's own password, two-factor recovery codes and sign-out. */
  "profile.manage": ALL_BACK_OFFICE,
  "applications.read": ["super_admin", "admin", "loan_officer", "kyc_officer", "account_manager", "branch_manager", "area_manager"],
  /** Mark under review, approve, reject an application. */
  "applications.decide": ["super_admin", "admin", "loan_officer", "branch_manager", "area_manager"],
  "loans.read": ["super_admin", "admin", "loan_officer", "collection_agent", "account_manager", "branch_manager", "area_manager"],
  /**
   * Credit decision on a loan (the second person after the application review), up to the approval limit of the
   * approver's office (Office.approvalLimit, decision 0256): above a branch's limit, the area's or the head office's staff.
   */
  "loans.approve": ["super_admin", "admin", "loan_officer", "branch_manager", "area_manager"],
  "loans.disburse": ["super_admin", "admin", "account_manager"],
  /** Add a note to a loan's history (everyone who works loans). */
  "loans.note": ["super_admin", "admin", "loan_officer", "collection_agent", "account_manager", "branch_manager", "area_manager"],
  "payments.read": ["super_admin", "admin", "loan_officer", "collection_agent", "account_manager", "branch_manager", "area_manager"],
  "payments.record": ["super_admin", "admin", "collection_agent", "account_manager"],
  "kyc.read": ["super_admin", "admin", "kyc_officer", "loan_officer", "branch_manager", "area_manager"],
  /** Approve, reject or ask for a new document; verify or reject a document; assign a case; add a note. */
  "kyc.decide": ["super_admin", "admin", "kyc_officer"],
  /** The NID and phone blacklist the KYC blacklist check reads (add, remove, CSV import). */
  "settings.blacklist": ["super_admin", "admin"],
  "customers.read": ["super_admin", "admin", "loan_officer", "kyc_officer", "collection_agent", "account_manager", "branch_manager", "area_manager"],
  "customers.edit": ["super_admin", "admin", "account_manager"],
  /** A customer's account status (active, inactive, suspended) and KYC status: apart from the profile edit. */
  "customers.status": ["super_admin", "admin"],
  /**
   * Move a customer (her open loans, applications and KYC cases) to another branch: request it, approve it for the
   * branch one sees, or reject it (decision 0258). Two approvers other than the requester, one per branch.
   */
  "customers.transfer": ["super_admin", "admin", "branch_manager", "area_manager"],
  /** Ask for a payment's reversal, and approve or reject one another person asked for (issue 50, point 6). */
  "payments.reverse": ["super_admin", "admin", "account_manager", "branch_manager", "area_manager"],
  /** Propose writing off a bad loan of the scope's branches (issue 50, point 4; decision 0267): the policy decides which may be. */
  "writeOffs.propose": ["super_admin", "admin", "loan_officer", "branch_manager", "area_manager"],
  /** Approve (with the board resolution) or reject a write-off someone else proposed: the head office's. */
  "writeOffs.approve": ["super_admin", "admin"],
  /** The lender's books (issue 50): chart of accounts, journal, ledgers, trial balance, cash and bank books, of the scope's branches. */
  "accounting.read": ["super_admin", "admin", "account_manager", "branch_manager", "area_manager"],
  /**
   * Configure the lender's books, audited: the classification rules (decision 0265), the write-off policy (0267), the
   * accounts' names, sub-accounts and each product's accounts (0269).
   */
  "accounting.rules": ["super_admin"],
  /** Close the lender's books through a day, every branch at once (decision 0263), and run the month-end provisioning (0265). */
  "accounting.close": ["super_admin", "admin"],
  /**
   * Approve or reject a member of staff's move to another office for an office one sees (decision 0260); a head-office
   * admin asks for it (staff.manage). Two approvers other than the requester and the person moved, one per office.
   */
  "staff.transfer": ["super_admin", "admin", "branch_manager", "area_manager"],
  /** End a borrower's sessions on the borrower's page (/account) and forget their devices: support, for a lost phone. */
  "customers.sessions": ["super_admin", "admin", "account_manager"],
  /** Create staff, change roles, deactivate, reset passwords and two-factor. */
  "staff.manage": ["super_admin", "admin"],
  /** Loan products: amounts, tenures, rates, features and badges. */
  "settings.products": ["super_admin", "admin"],
  /** Messages to applicants and borrowers (SMS, e-mail): see what could not be delivered, send it again. */
  "settings.messages": ["super_admin", "admin"],
  /** The holiday calendar schedules follow (add, remove, CSV import, apply to open loans): the regulator's rules. */
  "settings.calendar": ["super_admin"],
  /** The office tree (issue 41): open, rename, move and close offices; which office each member of staff belongs to. */
  "settings.offices": ["super_admin"],
  /** Create savings societies and grant or revoke staff access to them; a society's data needs a grant. */
  "societies.manage": ["super_admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What acts on the whole lender, not on a branch's records (issue 41): staff accounts, the settings, the messages to
 * every branch's customers, the office tree, societies. Held only by staff of the head office, whatever their role, so
 * that an admin placed in a branch cannot make a head-office account or change what every branch works by.
 */
export const HEAD_OFFICE_PERMISSIONS = [
  "staff.manage",
  "settings.products",
  "settings.blacklist",
  "settings.messages",
  "settings.calendar",
  "settings.offices",
  "societies.manage",
  "accounting.close",
  "accounting.rules",
  "writeOffs.approve",
] as const satisfies readonly Permission[];

export function isHeadOfficePermission(permission: Permission): boolean {
  return (HEAD_OFFICE_PERMISSIONS as readonly Permission[]).includes(permission);
}

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function hasPermission(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export function permissionsOf(role: StaffRole): Permission[] {
  return ALL_PERMISSIONS.filter((p) => hasPermission(role, p));
}

export function isBackOfficeRole(role: StaffRole): boolean {
  return (BACK_OFFICE_ROLES as readonly StaffRole[]).includes(role);
}

/** Only a super admin may create, change or reset another super admin or admin. */
export function canManageRole(actorRole: StaffRole, targetRole: StaffRole): boolean {
  if (!hasPermission(actorRole, "staff.manage")) return false;
  if (actorRole === "super_admin") return true;
  return targetRole !== "super_admin" && targetRole !== "admin";
}

/** The spec's role label: underscores to spaces, each word capitalised ("loan_officer" → "Loan Officer"). */
export function roleLabel(role: string): string {
  return role
    .split("_")
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * Inside one savings society, what each level of a SocietyManager grant may do (spec section 6: users
 * view and add; only admins delete, import backups and change the society's details). Whoever has no
 * grant for a society gets nothing of it, whatever their back-office role.
 */
export const SOCIETY_PERMISSIONS = {
  "society.view": ["admin", "user"],
  "society.add": ["admin", "user"],
  "society.delete": ["admin"],
  "society.import": ["admin"],
  "society.settings": ["admin"],
  /** Confirm a field worker's cash hand-over; link a worker to the staff account that collects as them. */
  "society.cash": ["admin"],
  /** Pay a loan out of the society's fund to a member, with its instalment plan. */
  "society.lend": ["admin"],
  /** Reverse an income or expense posted by mistake (a reversal entry; nothing is erased). */
  "society.reverse": ["admin"],
} as const satisfies Record<string, readonly SocietyRole[]>;

export type SocietyPermission = keyof typeof SOCIETY_PERMISSIONS;

export function hasSocietyPermission(access: SocietyRole, permission: SocietyPermission): boolean {
  return (SOCIETY_PERMISSIONS[permission] as readonly SocietyRole[]).includes(access);
}
