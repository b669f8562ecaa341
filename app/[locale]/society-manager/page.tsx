import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SocietyHome } from "@/components/society/society-home";
import { getStaffContext } from "@/lib/auth/guard";
import { compatEnabled, DEMO_SOCIETY_ID } from "@/lib/society/compat";
import { listSocietiesOf } from "@/lib/society/queries";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("society");
  return { title: t("metaTitle") };
}

/** Public: anyone may read the explanation; the list shows only the signed-in person's own grants. */
export default async function SocietyManagerHomePage() {
  const staff = await getStaffContext();
  const societies = staff ? await listSocietiesOf(staff.user.id) : [];
  return <SocietyHome signedIn={!!staff} societies={societies} demoSocietyId={compatEnabled() ? DEMO_SOCIETY_ID : null} />;
}
