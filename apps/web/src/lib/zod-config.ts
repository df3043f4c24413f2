import { z } from 'zod';

// The Content-Security-Policy forbids eval: zod would only be refused when it compiles its faster
// object parsers, and its probe for that (a caught `new Function`) is still reported as a policy
// violation. main.tsx imports this first, so the setting holds before any schema is built.
z.config({ jitless: true });
