"use server";

import { z } from "zod";
import { fail, ok } from "@/lib/auth/action-result";
import { defineSocietyAction } from "./action-client";
import { checkCompatAdminPassword, clearCompatElevation, setCompatElevation } from "./compat";
import { getCollectionSheet, getMemberProfile } from "./queries";
import { adminPasswordSchema, collectionSheetSchema, deleteMemberSchema, incomeExpenseSchema, memberSchema, profileQuerySchema, recordId, salarySchema, settingsSchema, sheetQuerySchema, workerSchema } from "./schemas";
import { addIncomeExpense, addMember, addWorker, deleteMember, deleteWorker, paySalary, saveCollectionSheet, updateSocietySettings } from "./service";
import { accountLabelSchema, addAccountSchema, approveOpeningBalanceSchema, approveWithdrawalSchema, openingBalanceSchema, rejectOpeningBalanceSchema, closeBooksSchema, memberLoanSchema, reverseIncomeExpenseSchema, rejectWithdrawalSchema, withdrawalRulesSchema, withdrawalSchema } from "./books/schemas";
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from "./books/withdrawals";
import { addAccount, closeBooks, labelAccount, reverseIncomeExpense, updateWithdrawalRules } from "./books/service";
import { giveMemberLoan } from "./books/loans";
import { approveOpeningBalance, proposeOpeningBalance, rejectOpeningBalance } from "./books/opening";

/** A photo travels as a File inside the action's arguments; the server decodes it for real. */
const workerWithPhoto = workerSchema.extend({ photo: z.custom<Blob>((v) => v instanceof Blob, { error: "imageNotImage" }).nullish() });

export const addWorkerAction = defineSocietyAction({
  name: "society.addWorker",
  permission: "society.add",
  input: workerWithPhoto,
  handler: ({ photo, ...input }, access) => addWorker(access, input, photo ?? null),
});

export const deleteWorkerAction = defineSocietyAction({
  name: "society.deleteWorker",
  permission: "society.delete",
  input: z.object({ workerId: recordId }),
  handler: ({ workerId }, access) => deleteWorker(access, workerId),
});

export const addMemberAction = defineSocietyAction({
  name: "society.addMember",
  permission: "society.add",
  input: memberSchema,
  handler: (input, access) => addMember(access, input),
});

export const deleteMemberAction = defineSocietyAction({
  name: "society.deleteMember",
  permission: "society.delete",
  input: deleteMemberSchema,
  handler: (input, access) => deleteMember(access, input),
});

export const loadCollectionSheetAction = defineSocietyAction({
  name: "society.loadCollectionSheet",
  permission: "society.view",
  input: sheetQuerySchema,
  handler: async ({ workerId, date }, access) => {
    const sheet = await getCollectionSheet(access.societyId, workerId, date);
    return sheet ? ok(sheet) : fail("notFound");
  },
});

export const saveCollectionSheetAction = defineSocietyAction({
  name: "society.saveCollectionSheet",
  permission: "society.add",
  input: collectionSheetSchema,
  handler: (input, access) => saveCollectionSheet(access, input),
});

export const loadMemberProfileAction = defineSocietyAction({
  name: "society.loadMemberProfile",
  permission: "society.view",
  input: profileQuerySchema,
  handler: async ({ memberId, date }, access) => {
    const profile = await getMemberProfile(access.societyId, memberId, date || null);
    return profile ? ok(profile) : fail("notFound");
  },
});

export const addIncomeExpenseAction = defineSocietyAction({
  name: "society.addIncomeExpense",
  permission: "society.add",
  input: incomeExpenseSchema,
  handler: (input, access) => addIncomeExpense(access, input),
});

export const paySalaryAction = defineSocietyAction({
  name: "society.paySalary",
  permission: "society.add",
  input: salarySchema,
  handler: (input, access) => paySalary(access, input),
});

export const updateSocietySettingsAction = defineSocietyAction({
  name: "society.updateSettings",
  permission: "society.settings",
  input: settingsSchema,
  handler: (input, access) => updateSocietySettings(access, input),
});

/**
 * Prototype mode only: the shared society admin password raises this browser session to society admin.
 * With PROTOTYPE_COMPAT off every password is wrong.
 */
export const enterSocietyAdminAction = defineSocietyAction({
  name: "society.enterAdmin",
  permission: "society.view",
  input: adminPasswordSchema,
  handler: async ({ password }, access) => {
    if (!checkCompatAdminPassword(password)) return fail("forbidden", { reason: "societyWrongPassword" });
    await setCompatElevation(access.societyId);
    return ok(null);
  },
});

export const leaveSocietyAdminAction = defineSocietyAction({
  name: "society.leaveAdmin",
  permission: "society.view",
  input: z.object({}),
  handler: async () => {
    await clearCompatElevation();
    return ok(null);
  },
});

/** Close the society's books through a day (admin): later entries dated inside it are refused by the database. */
export const closeBooksAction = defineSocietyAction({
  name: "society.closeBooks",
  permission: "society.settings",
  input: closeBooksSchema,
  handler: (input, access) => closeBooks(access, input),
});

/** A member takes savings out: paid at once up to the society's limit, above it waits for a second person. */
export const requestWithdrawalAction = defineSocietyAction({
  name: "society.requestWithdrawal",
  permission: "society.add",
  input: withdrawalSchema,
  handler: (input, access) => requestWithdrawal(access, input),
});

/** The second person (an admin, not the one who asked) pays a waiting withdrawal. */
export const approveWithdrawalAction = defineSocietyAction({
  name: "society.approveWithdrawal",
  permission: "society.cash",
  input: approveWithdrawalSchema,
  handler: (input, access) => approveWithdrawal(access, input),
});

export const rejectWithdrawalAction = defineSocietyAction({
  name: "society.rejectWithdrawal",
  permission: "society.cash",
  input: rejectWithdrawalSchema,
  handler: (input, access) => rejectWithdrawal(access, input),
});

/** The society's withdrawal rules: the minimum kept in savings and the limit above which a second admin approves. */
export const updateWithdrawalRulesAction = defineSocietyAction({
  name: "society.updateWithdrawalRules",
  permission: "society.settings",
  input: withdrawalRulesSchema,
  handler: (input, access) => updateWithdrawalRules(access, input),
});

/** A loan from the society's fund to a member, with its instalment plan (admins; one loan at a time). */
export const giveMemberLoanAction = defineSocietyAction({
  name: "society.giveMemberLoan",
  permission: "society.lend",
  input: memberLoanSchema,
  handler: (input, access) => giveMemberLoan(access, input),
});

/** Reverse an income or expense posted by mistake (admins): a reversal entry today; the original stays on the books. */
export const reverseIncomeExpenseAction = defineSocietyAction({
  name: "society.reverseIncomeExpense",
  permission: "society.reverse",
  input: reverseIncomeExpenseSchema,
  handler: (input, access) => reverseIncomeExpense(access, input),
});

/** The chart of accounts: name an account as the society calls it. */
export const labelAccountAction = defineSocietyAction({
  name: "society.labelAccount",
  permission: "society.settings",
  input: accountLabelSchema,
  handler: (input, access) => labelAccount(access, input),
});

/** The chart of accounts: add an income or expense category account. */
export const addAccountAction = defineSocietyAction({
  name: "society.addAccount",
  permission: "society.settings",
  input: addAccountSchema,
  handler: (input, access) => addAccount(access, input),
});

/** The society's opening balances, entered once by one admin … */
export const proposeOpeningBalanceAction = defineSocietyAction({
  name: "society.proposeOpeningBalance",
  permission: "society.cash",
  input: openingBalanceSchema,
  handler: (input, access) => proposeOpeningBalance(access, input),
});

/** … posted by a second (never the one who entered them) … */
export const approveOpeningBalanceAction = defineSocietyAction({
  name: "society.approveOpeningBalance",
  permission: "society.cash",
  input: approveOpeningBalanceSchema,
  handler: (input, access) => approveOpeningBalance(access, input),
});

/** … or refused, saying why. */
export const rejectOpeningBalanceAction = defineSocietyAction({
  name: "society.rejectOpeningBalance",
  permission: "society.cash",
  input: rejectOpeningBalanceSchema,
  handler: (input, access) => rejectOpeningBalance(access, input),
});
