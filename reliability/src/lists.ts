export async function runListFuzz(..._a: unknown[]) {}
