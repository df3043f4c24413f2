// Notification page size with no schema library, so the web app can use it without loading zod.
export const NOTIFICATIONS_PAGE_SIZE = 30;
