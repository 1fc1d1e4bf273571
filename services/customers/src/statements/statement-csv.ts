import { toCsv } from '@limo/contracts/common/csv';
import { checkTotals, statementDetails, statementLine, summaryRows, type StatementInput } from './statement-figures.js';

const STATEMENT_CSV_HEADER = ['Date', 'Time', 'Reference', 'Booked by', 'Passenger', 'Route', 'Vehicle', 'Transfer', 'Extras', 'Final amount'];

/**
 * The statement as a spreadsheet: one row per ride (amounts as plain decimals, so a spreadsheet
 * sums them exactly as written), an empty row, then the statement's details and summary as
 * label/value rows in the first two columns, so no count is ever summed with the amounts.
 */
export function statementCsv(input: StatementInput): string {
  const { month } = input;
  checkTotals(month);
  const rides = month.rides.map((ride) => {
    const line = statementLine(ride);
    return [line.date, line.time, line.reference, line.bookedBy, line.passenger, line.route, line.vehicle, line.transfer, line.extras, line.finalAmount];
  });
  return toCsv(STATEMENT_CSV_HEADER, [...rides, [], ...statementDetails(input), ...summaryRows(month)]);
}
