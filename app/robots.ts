import type { MetadataRoute } from "next";
import { PRIVATE_AREAS } from "@/i18n/paths";
import { siteUrl } from "@/lib/seo";

export const dynamic = "force-dynamic";

/** Search engines read the public site; the signed-in areas and the API are not for them. */
export default function robots(): MetadataRoute.Robots {
  return { rules: [{ userAgent: "*", allow: "/", disallow: [...PRIVATE_AREAS, "/api/"] }], sitemap: `${siteUrl()}/sitemap.xml`, host: siteUrl() };
}
