export function nginxPath(): string | null;
export function nginxConfig(options: { folder: string; port: number; upstreams: string[] }): string;
export function startBalancer(upstreams: string[]): Promise<{ url: string; stop(): Promise<void> }>;
