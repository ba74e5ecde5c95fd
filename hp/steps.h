/*
 * hp/steps.h - per-interval profiles (time and ticky samples) as the
 * band graph draws them: each sample's rate held over its interval.
 *
 * A band graph joins its samples by straight lines (hp2ps's trapezoids),
 * right for heap censuses, which are instants.  A per-interval sample
 * (model.h) is an amount over an interval; joined that way its area
 * would not be what was counted.  hp_steps makes the model a drawing
 * reads instead: two samples per interval, at its start and its end,
 * both holding the rate, so the trapezoids are the steps; an empty
 * sample before the first and after the last, so the graph rises from
 * and falls to zero where the intervals begin and end, with no ramp.
 * The area under it is then the sum of the amounts (up to the rates'
 * rounding to whole units; hp_steps_total is exact, for the title).
 */
#ifndef HP_STEPS_H
#define HP_STEPS_H

#include "model.h"

/* The drawing's model of a per-interval profile m (a new model the
 * caller frees), or NULL with err set. */
hp_model *hp_steps(const hp_model *m, struct hp_err *err);

/* What every band of m counted over every interval, VALUE_UNIT x
 * seconds before hp_model_scale (model.h's amount). */
double hp_steps_total(const hp_model *m);

#endif
