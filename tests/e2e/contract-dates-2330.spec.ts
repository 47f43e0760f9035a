import { contractSignedAt, SIGNINGS } from './contractDates';

// A contract signed at 23:30 China time (tests/e2e/contractDates.ts).
contractSignedAt(SIGNINGS.late);
