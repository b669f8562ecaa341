import { legalPage } from "@/components/placeholder/legal-page";

const page = legalPage("privacy", ["collected", "purpose", "sharing", "retention", "security", "rights", "contact"]);

export const generateMetadata = page.generateMetadata;
export default page.Page;

// Re-rendered every 5 minutes: a shared cache in front (deploy/nginx.conf) keeps it no longer than that, even across a
// release (without it Next would tell caches to keep it a year).
export const revalidate = 300;
