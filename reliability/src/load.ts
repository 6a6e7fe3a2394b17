export async function runLoad(..._a: unknown[]) {}
