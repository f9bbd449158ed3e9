/**
 * The JSON Schema helpers of the service's own schemas (schemas/common.ts), for a plugin's route
 * schemas: a schema named with `component` is listed once in the OpenAPI document and referred to
 * by `$ref`, so the generated clients get a type of that name. schemas/ is the leaf layer of plain
 * data; plugins reach it only through this file.
 */
export { component, nullableTimestamp, responseObject, strictObject, timestamp } from '../../schemas/common.js';
