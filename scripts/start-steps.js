// Extra idempotent CLI steps `npm start` runs after migrations (data builds add theirs here).
module.exports = [];
