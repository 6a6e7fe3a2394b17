export async function runCrash(..._a: unknown[]) {}
