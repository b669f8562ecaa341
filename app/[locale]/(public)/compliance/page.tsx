import { legalPage } from "@/components/placeholder/legal-page";

const page = legalPage("compliance", ["regulation", "aml", "kyc", "security", "fairLending"]);

export const generateMetadata = page.generateMetadata;
export default page.Page;
