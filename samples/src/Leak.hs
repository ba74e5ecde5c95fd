-- | The "leak" sample program: seven phases with different heap shapes,
-- each announced with traceMarkerIO so eventlogs carry USER_MARKER events.
-- The table from phase 1 stays alive until phase 7 shrinks it, so the
-- profile shows a map growing, a plateau under the other phases, then a
-- decline. Argument: size n (default 60000).
module Main (main) where

import Control.Exception (evaluate)
import Debug.Trace (traceMarkerIO)
import System.Environment (getArgs)
import Leak.Arrays (makeArrays, arraysChecksum)
import Leak.Lists (samplesOf, meanOf, spreadOf)
import Leak.Strings (makeCorpus, corpusChecksum)
import Leak.Table (growTable, shrinkTable, tableChecksum)
import Leak.Thunks (lazyCounters, settleCounters)
import Leak.Work (passes)
import Leak.Zoo (zoo, weigh)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        [] -> 60000 :: Int

  traceMarkerIO "phase 1: build map"
  table <- evaluate (growTable n)
  t1 <- evaluate (passes 4 (`tableChecksum` table))

  traceMarkerIO "phase 2: lazy counters (thunk leak)"
  counters <- evaluate (lazyCounters (3 * n))
  t2 <- evaluate (settleCounters counters)

  traceMarkerIO "phase 3: retained list of doubles"
  let xs = samplesOf (2 * n)
  t3 <- evaluate (meanOf xs + spreadOf xs)

  traceMarkerIO "phase 4: arrays"
  arrays <- evaluate (makeArrays n)
  t4 <- evaluate (passes 6 (`arraysChecksum` arrays))

  traceMarkerIO "phase 5: text and bytestring"
  corpus <- evaluate (makeCorpus (n `div` 2))
  t5 <- evaluate (passes 4 (`corpusChecksum` corpus))

  traceMarkerIO "phase 6: zoo of 24 producers"
  let items = zoo (n `div` 2)
  t6 <- evaluate (passes 10 (\s -> sum (map (weigh s) items)))

  traceMarkerIO "phase 7: shrink map"
  t7 <- evaluate (sum (shrinkTable n (n `div` 80) table))

  traceMarkerIO "phase 8: done"
  print (t1, t2, truncate t3 :: Int, t4, t5, t6, t7)
