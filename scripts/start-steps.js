// Idempotent CLI steps `npm start` runs after migrations, before the demo key.
module.exports = [
  {
    title: 'Demo data (sandbox build, 10,000 people and 1,000 companies; skipped when present)',
    args: ['data:demo'],
  },
];
