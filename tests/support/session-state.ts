/** The session token and the branch pick the mocked lib/auth/current.ts returns (see staff-session.ts). */
export const sessionState: { token: string | null; branch: string | null } = { token: null, branch: null };
