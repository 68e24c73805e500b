package sqlite

// Migrations exposes the schema steps to the tests.
var Migrations = migrations
