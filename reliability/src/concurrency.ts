export async function runRaces(..._a: unknown[]) {}
