/**
 * Steps 2–4, the submission's error and the success screen: one download the wizard starts on the applicant's first touch (with
 * its validation), so the page's first load carries only step 1 (docs/benchmarks.md, first-load JavaScript).
 */
export { EmploymentInfoStep } from "./employment-info-step";
export { PersonalInfoStep } from "./personal-info-step";
export { ReviewStep } from "./review-step";
export { SubmitErrorAlert } from "./submit-error";
export { SuccessScreen } from "./success-screen";
