export async function runCluster(..._a: unknown[]) {}
