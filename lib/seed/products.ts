import type { Prisma } from "../generated/prisma/client";
import { demoId, demoTime } from "./support";

type Db = Prisma.TransactionClient;

/** The four loan products of the public spec, section 9 (amounts in taka, tenure in months, annual %). */
export const LOAN_PRODUCTS: readonly Prisma.LoanProductCreateManyInput[] = [
  {
    key: "instant",
    titleBn: "তাৎক্ষণিক ক্ষুদ্রঋণ",
    titleEn: "Instant Microloan",
    descriptionBn: "জরুরি প্রয়োজনে ছোট অঙ্কের ঋণ, কোনো জামানত ছাড়াই দ্রুত অনুমোদন।",
    descriptionEn: "A small loan for urgent needs, approved fast and with no collateral.",
    minAmount: 5_000,
    maxAmount: 50_000,
    minTenure: 1,
    maxTenure: 12,
    annualRate: 18,
    featuresBn: ["প্রায় ১০ মিনিটে প্রাথমিক অনুমোদন", "কোনো জামানত লাগে না", "অনুমোদনের ২৪ ঘণ্টার মধ্যে টাকা", "১ থেকে ১২ মাসে পরিশোধ"],
    featuresEn: ["Pre-approval in about 10 minutes", "No collateral needed", "Money within 24 hours of approval", "Repay in 1 to 12 months"],
    badgeBn: "দ্রুত",
    badgeEn: "Fast",
    sortOrder: 1,
  },
  {
    key: "salary",
    titleBn: "বেতন ঋণ",
    titleEn: "Salary Loan",
    descriptionBn: "চাকরিজীবীদের জন্য কম সুদে বড় অঙ্কের ঋণ, মাসিক বেতন থেকে সহজ কিস্তিতে পরিশোধ।",
    descriptionEn: "A larger loan at a lower rate for salaried employees, repaid in easy instalments from your salary.",
    minAmount: 50_000,
    maxAmount: 1_000_000,
    minTenure: 12,
    maxTenure: 60,
    annualRate: 15,
    featuresBn: ["আমাদের ঋণগুলোর মধ্যে সবচেয়ে কম সুদ", "সহজ কাগজপত্র: বেতন সনদ ও ব্যাংক স্টেটমেন্ট", "৫ বছর পর্যন্ত মেয়াদ", "কোনো লুকানো খরচ নেই"],
    featuresEn: ["Our lowest interest rate", "Simple papers: salary certificate and bank statement", "Up to 5 years to repay", "No hidden charges"],
    badgeBn: "জনপ্রিয়",
    badgeEn: "Popular",
    sortOrder: 2,
  },
  {
    key: "consumer",
    titleBn: "ভোক্তা ঋণ",
    titleEn: "Consumer Loan",
    descriptionBn: "আসবাব, ইলেকট্রনিক্স বা মোটরসাইকেল এখনই কিনুন, সহজ মাসিক কিস্তিতে দাম শোধ করুন।",
    descriptionEn: "Buy furniture, electronics or a motorcycle now and pay for it in easy monthly instalments.",
    minAmount: 100_000,
    maxAmount: 2_000_000,
    minTenure: 24,
    maxTenure: 84,
    annualRate: 16,
    featuresBn: ["গৃহস্থালি পণ্য, ইলেকট্রনিক্স ও যানবাহনের জন্য", "২ থেকে ৭ বছর মেয়াদ", "প্রতি মাসে একই অঙ্কের কিস্তি", "সহজ কাগজপত্রে দ্রুত অনুমোদন"],
    featuresEn: ["For household goods, electronics and vehicles", "2 to 7 years to repay", "The same instalment every month", "Quick approval with simple papers"],
    badgeBn: "বড় কেনাকাটা",
    badgeEn: "Big purchases",
    sortOrder: 3,
  },
  {
    key: "business",
    titleBn: "ব্যবসায়িক ক্ষুদ্রঋণ",
    titleEn: "Business Microloan",
    descriptionBn: "ছোট দোকান ও ক্ষুদ্র ব্যবসায়ীদের জন্য মূলধন: মালামাল কিনুন, ব্যবসা বাড়ান।",
    descriptionEn: "Working capital for shops and small traders: buy stock and grow your business.",
    minAmount: 25_000,
    maxAmount: 500_000,
    minTenure: 6,
    maxTenure: 36,
    annualRate: 20,
    featuresBn: ["দোকান ও ক্ষুদ্র ব্যবসার মূলধন", "৬ থেকে ৩৬ মাসে পরিশোধ", "মালামাল, যন্ত্রপাতি বা ব্যবসা সম্প্রসারণে ব্যবহার", "নিজস্ব ঋণ কর্মকর্তার সহায়তা"],
    featuresEn: ["Working capital for shops and small businesses", "Repay in 6 to 36 months", "Use it for stock, equipment or expansion", "Help from your own loan officer"],
    badgeBn: "উদ্যোক্তাদের জন্য",
    badgeEn: "For entrepreneurs",
    sortOrder: 4,
  },
];

/**
 * Insert the four products where missing. Existing rows are left alone (staff may have edited
 * rates or texts since), which also makes this safe to run on every deploy.
 */
export async function seedProducts(db: Db): Promise<void> {
  const stamp = demoTime(-365, "09:00");
  await db.loanProduct.createMany({
    data: LOAN_PRODUCTS.map((p) => ({ ...p, id: demoId(`product:${p.key}`), createdAt: stamp, updatedAt: stamp })),
    skipDuplicates: true,
  });
}
