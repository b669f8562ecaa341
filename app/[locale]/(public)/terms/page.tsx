import { legalPage } from "@/components/placeholder/legal-page";

const page = legalPage("terms", ["eligibility", "application", "loanTerms", "repayment", "conduct", "changes", "law", "contact"]);

export const generateMetadata = page.generateMetadata;
export default page.Page;
