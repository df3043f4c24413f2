import { queryOptions, useQuery } from '@tanstack/react-query';

/** One package of the web app's bundle (scripts/open-source-licenses.mjs writes the list at build). */
export interface OpenSourcePackage {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
  text: string | null;
}

/** /licenses.json: a static file of the build, not an API call; read once per visit. */
export const licensesQuery = queryOptions({
  queryKey: ['open-source-licenses'],
  staleTime: Infinity,
  queryFn: async ({ signal }) => {
    const response = await fetch('/licenses.json', { signal });
    if (!response.ok) throw new Error(`licenses.json: ${response.status}`);
    const body = (await response.json()) as { packages: OpenSourcePackage[] };
    return body.packages;
  },
});

export function useLicenses() {
  return useQuery(licensesQuery);
}
