#include "kissat_proof_trace.h"

#include <stdlib.h>

#include "file.h"
#include "internal.h"
#include "proof.h"

#ifndef NPROOFS

void* nonolab_kissat_trace_proof(struct kissat* solver, FILE* out) {
    /* Kissat keeps the pointer until the trace is released. */
    file* f = malloc(sizeof *f);
    if (!f) return NULL;
    kissat_write_already_open_file(f, out, "<proof>");
    kissat_init_proof(solver, f, false);
    return f;
}

void nonolab_kissat_close_proof(struct kissat* solver, void* trace) {
    if (!trace) return;
    kissat_release_proof(solver);
    kissat_flush((file*)trace);
    free(trace);
}

#else

void* nonolab_kissat_trace_proof(struct kissat* solver, FILE* out) {
    (void)solver;
    (void)out;
    return NULL;
}

void nonolab_kissat_close_proof(struct kissat* solver, void* trace) {
    (void)solver;
    (void)trace;
}

#endif
