export async function runFuzz(..._a: unknown[]) {}
