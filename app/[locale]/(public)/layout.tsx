import { SiteShell } from "@/components/layout/site-shell";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";

export default async function PublicLayout({ children, params }: LocaleParams & { children: React.ReactNode }) {
  await segmentLocale({ params });
  return <SiteShell>{children}</SiteShell>;
}
