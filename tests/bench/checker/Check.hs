-- Decodes an eventlog with ghc-events and prints what a heap-profile reader must find.
import GHC.RTS.Events
import System.Environment (getArgs)
import Data.List (foldl')
import Data.Word (Word64)

main :: IO ()
main = do
  [f] <- getArgs
  r <- readEventLogFromFile f
  case r of
    Left e -> error e
    Right (EventLog _ (Data evs)) -> do
      let step (s, e, ends, sm, n, caps) ev = case evSpec ev of
            HeapProfSampleBegin {} -> (s + 1, e, ends, sm, n + 1, caps)
            HeapProfSampleEnd {} -> (s, e, ends + 1, sm, n + 1, caps)
            HeapProfSampleString { heapProfResidency = v } -> (s, e + 1, ends, sm + v, n + 1, caps)
            HeapProfSampleCostCentre { heapProfResidency = v } -> (s, e + 1, ends, sm + v, n + 1, caps)
            _ -> (s, e, ends, sm, n + 1, caps + (if evCap ev == Nothing then 0 else 1))
          (s, e, ends, sm, n, caps) = foldl' step (0 :: Int, 0 :: Int, 0 :: Int, 0 :: Word64, 0 :: Int, 0 :: Int) evs
      putStrLn ("samples=" ++ show s)
      putStrLn ("entries=" ++ show e)
      putStrLn ("residency_sum=" ++ show sm)
      putStrLn ("sample_ends=" ++ show ends ++ " events=" ++ show n ++ " on_caps=" ++ show caps)
