/** Shapes of the society's books (no server imports). */

/** Money a worker took from a member (negative: taken back): the instalment part and the savings part, whole taka. */
export type CollectionMovement = { memberId: string; workerId: string; installment: number; savings: number };
