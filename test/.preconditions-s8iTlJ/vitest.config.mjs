export default { test: { include: ['*.test.ts'] } };
