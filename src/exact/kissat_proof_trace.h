/* A DRAT proof trace for a Kissat solver through its library interface.
 * kissat.h offers none (only the kissat executable writes proofs), so this
 * small C file, compiled into the Kissat library itself
 * (cmake/sat_engines.cmake) where Kissat's internal proof.h and file.h are
 * in reach, wires a FILE* to the solver the way Kissat's own application
 * does. Text DRAT (not binary): what core/drup_check.hpp reads. */
#ifndef NONOLAB_KISSAT_PROOF_TRACE_H
#define NONOLAB_KISSAT_PROOF_TRACE_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct kissat;

/* Starts tracing to `out` (left open; the caller closes it after
 * nonolab_kissat_close_proof). Call before the first clause is added.
 * Returns the trace's handle for nonolab_kissat_close_proof, or NULL when
 * this Kissat was built without proof support. */
void* nonolab_kissat_trace_proof(struct kissat* solver, FILE* out);
/* Flushes and stops the trace; call before kissat_release. */
void nonolab_kissat_close_proof(struct kissat* solver, void* trace);

#ifdef __cplusplus
}
#endif

#endif
