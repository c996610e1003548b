export function nginxPath(): string | null;
export const SITE_FILE: string;
export function siteForTest(site: string, options: { port: number; httpPort: number; upstreams: string[] }): string;
export function nginxConfig(options: { folder: string; port: number; httpPort: number; upstreams: string[] }): string;
export function startBalancer(upstreams: string[]): Promise<{ url: string; stop(): Promise<void> }>;
