/**
 * The one scoping mechanism of the lending business (issue 41, decision 0254): a member of staff works in an office's
 * subtree, and every query on a branch-scoped model made for them goes through `officeDb(scope)`, a Prisma client
 * whose every read, count, update and delete on those models is narrowed to the subtree's branches. A record outside
 * it is simply not found, so the page or action answers 404, never 403 (which would tell that it exists).
 *
 * Head-office staff get the plain client: nothing to narrow, and no cost. tests/unit/office-scope-inventory.test.ts
 * fails when a staff-facing file reaches a branch-scoped model without this client.
 */
import "server-only";
import { prisma } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { branchFilter, SCOPED_MODELS, type OfficeScope, type ScopedModel } from "./scope-rules";

export { ALL_OFFICES, type OfficeScope } from "./scope-rules";

/** The branches of the subtree under an office (itself when it is a branch); every office's when it is the root. */
export async function scopeOfOffice(office: { id: string; path: string; parentId: string | null }): Promise<OfficeScope> {
  if (office.parentId === null) return { kind: "all" };
  const branches = await prisma.office.findMany({
    where: { path: { startsWith: office.path }, level: "branch" },
    select: { id: true },
    orderBy: { code: "asc" },
  });
  return { kind: "branches", officeId: office.id, branchIds: branches.map((b) => b.id) };
}

/**
 * What a member of staff works on in this request: her office's scope, narrowed to the one branch she picked in the
 * branch picker when that branch is in it (issue 41, point 6; decision 0257). A pick outside the subtree (a stale or
 * forged cookie) is ignored: the consolidated view.
 */
export async function scopeOfStaff(office: { id: string; path: string; parentId: string | null }, pickedBranchId: string | null): Promise<OfficeScope> {
  const scope = await scopeOfOffice(office);
  if (!pickedBranchId) return scope;
  if (scope.kind === "branches") return scope.branchIds.includes(pickedBranchId) ? { kind: "branches", officeId: office.id, branchIds: [pickedBranchId] } : scope;
  const branch = await prisma.office.findFirst({ where: { id: pickedBranchId, level: "branch" }, select: { id: true } });
  return branch ? { kind: "branches", officeId: office.id, branchIds: [branch.id] } : scope;
}

/** The branches a member of staff may pick (her subtree's, by code), or none when she works in one branch. */
export async function pickableBranches(office: { id: string; path: string }): Promise<{ id: string; code: string; nameBn: string; nameEn: string }[]> {
  const branches = await prisma.office.findMany({
    where: { path: { startsWith: office.path }, level: "branch" },
    select: { id: true, code: true, nameBn: true, nameEn: true },
    orderBy: { code: "asc" },
  });
  return branches.some((b) => b.id === office.id) ? [] : branches;
}

const NARROWED = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
]);

/** Writes the narrowed client checks instead: a new record names a branch of the scope; an upsert is not offered. */
const BRANCH_COLUMNS = ["branchId", "receivedAtBranchId"] as const;

function branchesNamed(data: unknown): string[] {
  const rows = Array.isArray(data) ? data : [data];
  return rows.flatMap((row) =>
    row && typeof row === "object" ? BRANCH_COLUMNS.map((c) => (row as Record<string, unknown>)[c]).filter((v): v is string => typeof v === "string") : [],
  );
}

type Where = Record<string, unknown> & { AND?: unknown };

function narrowed(where: Where | undefined, filter: Where): Where {
  const and = where?.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
  return { ...where, AND: [...and, filter] };
}

function isScopedModel(model: string | undefined): model is ScopedModel {
  return model !== undefined && (SCOPED_MODELS as readonly string[]).includes(lowerFirst(model));
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** A client for one member of staff: the plain client for the head office, else one narrowed to their branches. */
export function officeDb(scope: OfficeScope): PrismaClient {
  if (scope.kind === "all") return prisma;
  const extended = prisma.$extends({
    name: "office-scope",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!isScopedModel(model)) return query(args);
          if (operation === "upsert") throw new Error(`office scope: upsert on ${model} is not narrowed; find it through the scope, then write`);
          if (operation === "create" || operation === "createMany" || operation === "createManyAndReturn") {
            const data = (args as { data?: unknown }).data;
            if (branchesNamed(data).some((id) => !scope.branchIds.includes(id))) throw new Error(`office scope: a new ${model} outside the scope's branches`);
            return query(args);
          }
          if (!NARROWED.has(operation)) return query(args);
          const filter = branchFilter(lowerFirst(model) as ScopedModel, scope.branchIds) as Where;
          const withWhere = args as { where?: Where };
          return query({ ...args, where: narrowed(withWhere.where, filter) } as typeof args);
        },
      },
    },
  });
  // The narrowed client has the plain client's shape (a query extension adds no methods).
  return extended as unknown as PrismaClient;
}

/**
 * The narrowing of a raw SQL query (for the lists that read several tables in one statement): a condition on a
 * column holding a branch id, or on one holding a loan id (through the loan's branch). TRUE for the head office.
 */
export function branchInScopeSql(scope: OfficeScope, branchColumn: Prisma.Sql): Prisma.Sql {
  if (scope.kind === "all") return Prisma.sql`TRUE`;
  return Prisma.sql`${branchColumn} = ANY(${[...scope.branchIds]}::text[])`;
}

export function loanInScopeSql(scope: OfficeScope, loanIdColumn: Prisma.Sql): Prisma.Sql {
  if (scope.kind === "all") return Prisma.sql`TRUE`;
  // The scope's loans as one array (a branch has hundreds): each is then an index lookup of its own rows, instead of a
  // pass over every row of the book filtered by a semi-join.
  return Prisma.sql`${loanIdColumn} = ANY(ARRAY(SELECT sl."id" FROM "Loan" sl WHERE sl."branchId" = ANY(${[...scope.branchIds]}::text[])))`;
}
