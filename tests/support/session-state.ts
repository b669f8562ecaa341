/** The session token the mocked lib/auth/current.ts returns (see staff-session.ts). */
export const sessionState: { token: string | null } = { token: null };
