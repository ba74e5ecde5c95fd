-- | The "tabbed" sample program: cost-centre names that contain a TAB.
--
-- GHC 9.0.2 refuses SCC names with a space ("Spaces are not allowed in
-- SCCs"), but its check looks for ' ' only, so "build\tmap" is accepted.
-- The RTS writes the name raw, followed by its own TAB and the value, so
-- every -hc line of this profile has whitespace inside the band name: the
-- shape of GHC issue #2071, which makes hp2ps fail with "integer must
-- follow identifier". This profile exists to show that hp2x reads it.
module Main (main) where

import Control.Exception (evaluate)
import Debug.Trace (traceMarkerIO)
import System.Environment (getArgs)
import Leak.Lists (samplesOf, meanOf, spreadOf)
import Leak.Strings (makeCorpus, corpusChecksum)
import Leak.Table (growTable, shrinkTable, tableChecksum)
import Leak.Work (passes)

main :: IO ()
main = do
  args <- getArgs
  let n = case args of
        (a : _) -> read a
        [] -> 40000 :: Int

  traceMarkerIO "phase 1: build map"
  table <- evaluate ({-# SCC "build\tmap" #-} growTable n)
  t1 <- evaluate ({-# SCC "check\tthe\tmap" #-} passes 4 (`tableChecksum` table))

  traceMarkerIO "phase 2: list of doubles"
  let xs = {-# SCC "list\tof\tdoubles" #-} samplesOf (2 * n)
  t2 <- evaluate ({-# SCC "mean\tand\tspread" #-} meanOf xs + spreadOf xs)

  traceMarkerIO "phase 3: text corpus"
  corpus <- evaluate ({-# SCC "make\tcorpus" #-} makeCorpus n)
  t3 <- evaluate (passes 4 (`corpusChecksum` corpus))

  traceMarkerIO "phase 4: shrink map"
  t4 <- evaluate ({-# SCC "shrink\tmap" #-} sum (shrinkTable n (n `div` 60) table))

  traceMarkerIO "phase 5: done"
  print (t1, truncate t2 :: Int, t3, t4)
