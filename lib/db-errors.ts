import { Prisma } from "@/lib/generated/prisma/client";

/** A unique constraint refused the write (Prisma P2002): someone else holds the value, or a concurrent twin won. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
