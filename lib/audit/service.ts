import "server-only";
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Who did it: a staff user, or an anonymous party named by a label ("applicant", "system"). */
export type AuditActor = { id: string | null; label: string };

export type AuditEntry = {
  actor: AuditActor;
  /** Dotted verb, e.g. "application.submit". */
  action: string;
  /** Model name of the changed record, e.g. "LoanApplication". */
  entityType: string;
  entityId: string;
  /** Changed fields only; never document bytes, password hashes or secrets. */
  before?: Prisma.InputJsonObject;
  after?: Prisma.InputJsonObject;
  ip?: string | null;
  userAgent?: string | null;
};

/** Actor, address and user agent of an audit row, from a signed-in staff member's request context. */
export function auditBy(ctx: { actor: AuditActor; request: { ip: string; userAgent: string | null } }): Pick<AuditEntry, "actor" | "ip" | "userAgent"> {
  return { actor: ctx.actor, ip: ctx.request.ip, userAgent: ctx.request.userAgent };
}

/** Longest user agent kept; browsers send ~150 characters, anything far longer is noise or abuse. */
const MAX_USER_AGENT_LENGTH = 512;

function auditRow(entry: AuditEntry) {
  return {
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null,
  };
}

/**
 * Writes one audit row with the caller's transaction client, so the record of a change commits or
 * rolls back together with the change itself.
 */
export async function writeAudit(tx: Prisma.TransactionClient, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: auditRow(entry) });
}

/** The same row inside a plain `pg` transaction (withPgTransaction, for bulk work). */
export async function writeAuditWith(connection: PoolClient, entry: AuditEntry): Promise<void> {
  const row = auditRow(entry);
  await connection.query(
    `INSERT INTO "AuditLog" ("id", "actorId", "actorLabel", "action", "entityType", "entityId", "before", "after", "ip", "userAgent")
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
    [randomUUID(), row.actorId, row.actorLabel, row.action, row.entityType, row.entityId, row.before === undefined ? null : JSON.stringify(row.before), row.after === undefined ? null : JSON.stringify(row.after), row.ip, row.userAgent],
  );
}
