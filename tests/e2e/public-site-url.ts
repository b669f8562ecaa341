/**
 * PUBLIC_SITE_URL of the app under test (tests/e2e/run.ts): canonical, hreflang and Open Graph addresses, the sitemap,
 * robots.txt and SMS links name it. A fixed address, not the test server's port, so pages a previous run left in
 * Next's cache name the same site.
 */
export const E2E_PUBLIC_SITE_URL = "https://e2e.rinbondhu.example";
