import { createPrismaClient } from "@/lib/prisma-client";
import { seedDemo } from "@/prisma/seed";

/**
 * The demo seeded as the database's owner (as `npm run db:seed` runs: the society's books are reposted by an owner's
 * function), for a file whose application code runs as the runtime role. Import it after switchToRuntimeRole.
 */
export async function seedDemoAsOwner(ownerUrl: string): Promise<void> {
  const owner = createPrismaClient(ownerUrl, { max: 2 });
  try {
    await seedDemo(owner);
  } finally {
    await owner.$disconnect();
  }
}
