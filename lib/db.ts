import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

export function createPrismaClient(connectionString: string, poolSize?: number): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: poolSize }) });
}

// One client per process; dev hot-reload would otherwise open a new pool on every edit.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  globalForPrisma.prisma ??= createPrismaClient(env().DATABASE_URL, env().DATABASE_POOL_SIZE);
  return globalForPrisma.prisma;
}

/**
 * The Prisma client, created on first use rather than at import: `next build` imports server
 * modules to collect page configuration, where no database configuration exists.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = client();
    const value = Reflect.get(real, property, real) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});
