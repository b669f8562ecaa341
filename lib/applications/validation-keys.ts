/** Error messages of the application schemas: keys of the "validation" message namespace (no zod here, so client code can import it cheaply). */
export const VALIDATION_MESSAGE_KEYS = [
  "required",
  "tooLong",
  "invalidAmount",
  "amountOutOfRange",
  "tenureNotAllowed",
  "invalidPhone",
  "invalidEmail",
  "invalidDate",
  "underAge",
  "invalidNid",
  "nidCardRequired",
  "invalidIncome",
  "invalidExistingLoans",
  "passwordTooShort",
  "passwordMismatch",
  "invalidNumber",
  "invalidRange",
  "invalidMonth",
  "deductionsTooLarge",
  "imageNotImage",
  "imageTooLarge",
  "memberCodeTaken",
  "registrationTaken",
  "staffNotFound",
  "memberLoanMismatch",
  "paymentExceedsOwed",
  "futureDate",
  "approvedAboveRequested",
  "invalidLink",
  "notAKycOfficer",
  "alreadyListed",
  "holidayTaken",
  "firstDueTooEarly",
  "firstDueTooLate",
  "rateAboveCeiling",
  "invalidCode",
  "invalidNidLast4",
  "identityAnswerRequired",
  "collectionTooLarge",
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/** A zod message that is one of ours; anything else (zod's own wording) is shown as "required". */
export function toValidationMessageKey(message: string | undefined): ValidationMessageKey {
  return (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(message ?? "") ? (message as ValidationMessageKey) : "required";
}
