import { legalPage } from "@/components/placeholder/legal-page";

const page = legalPage("privacy", ["collected", "purpose", "sharing", "retention", "security", "rights", "contact"]);

export const generateMetadata = page.generateMetadata;
export default page.Page;
