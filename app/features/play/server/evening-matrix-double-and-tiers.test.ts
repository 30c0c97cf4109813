// The evening matrix (evening-matrix.ts) for double elimination and the tiered round robin: the formats are split in
// two files of about the same length, so that two workers share them.
import { useServiceDb } from "../../../../test-support/services.ts";
import { eveningMatrix } from "./evening-matrix.ts";

eveningMatrix(useServiceDb(), ["double_elimination", "round_robin_tier"]);
